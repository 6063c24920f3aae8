import CassetteCommands
CassetteCLI.run()
