// No Foundation here: the package's names are the only ones.
import Core
import Testing

func names(_ document: XMLDocument) -> [String] {
    let root: XMLElement = document.root
    return root.children.compactMap { node -> String? in
        if case .element(let e) = node { return e.name }
        return nil
    }
}
