import Testing

@testable import CassetteCommands

@Suite struct HelpTextTests {
    @Test("long descriptions wrap under their column and quoted phrases stay whole")
    func wrapping() {
        let configuration = CommandConfiguration(
            commandName: "tool run",
            abstract: "Runs.",
            discussion: "Prints every line of the output to standard output and then ends with 'done in N seconds' so the user knows.\n\n  an example, kept as it is",
            flags: [Flag("a-flag-with-a-very-long-name", help: "Does a thing.")],
            operands: .empty)
        #expect(
            HelpText.render(configuration) == """
                OVERVIEW: Runs.

                Prints every line of the output to standard output and then ends with
                'done in N seconds' so the user knows.

                  an example, kept as it is

                USAGE: tool run [--a-flag-with-a-very-long-name]

                OPTIONS:
                  --a-flag-with-a-very-long-name
                                          Does a thing.
                  -h, --help              Prints help information.

                """)
    }
}
