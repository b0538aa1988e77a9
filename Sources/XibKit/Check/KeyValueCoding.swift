/// What key-value coding finds a property by, as the scanners record keys and the code rules
/// read a connection's key: a key `x` or `X` reaches the setter `setX:`, and the ivars `x` and `_x`.
public enum KeyValueCoding {
    /// A property with a setter: its name, and the key its setter `setName:` answers, whatever
    /// the case of the key's first letter (`NoGroupsButton` finds `noGroupsButton`'s setter).
    public static func keys(property name: String, hasSetter: Bool = true) -> [String] {
        guard hasSetter, let first = name.first, first.isLowercase else { return [name] }
        return [name, first.uppercased() + name.dropFirst()]
    }

    /// The keys a setter `setName:` answers: `name` and `Name`.
    public static func keys(setter selector: String) -> [String] {
        guard selector.hasPrefix("set"), selector.count > 4, selector.last == ":", selector.filter({ $0 == ":" }).count == 1 else { return [] }
        let name = selector.dropFirst(3).dropLast()
        return [name.prefix(1).lowercased() + name.dropFirst(), String(name)]
    }

    /// The keys that set an outlet property `name`: its own, its setter's capitalised one, and
    /// `_name`, the ivar Objective-C synthesises for it.
    public static func keys(settingOutlet name: String) -> [String] {
        keys(property: name) + ["_" + name]
    }
}
