// The declarations of Sources/XibKit/XML/XMLTree.swift (abridged): in their own module, and in
// this file that imports Foundation, the package's types win.
import Foundation

public struct XMLDocument: Sendable {
    public var root: XMLElement
}

public struct XMLElement: Sendable {
    public var name: String
    public var children: [XMLNode]
}

public enum XMLNode: Sendable {
    case element(XMLElement)
    case text(String)
}
