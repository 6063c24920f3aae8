public enum CassetteCLI { public static func run() {} }
