public enum Screens { public static let name = "Screens" }
