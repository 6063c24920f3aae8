public enum CassetteCLI {}
