import XibKit

/// `xibmerge render`: a document's wireframes as one SVG document or one HTML page.
public enum RenderReport {
    public enum Format: String, Sendable, CaseIterable {
        case svg, html
    }

    public static func render(_ w: Wireframe, title: String, format: Format) -> String {
        switch format {
        case .svg: return WireframeSVG.document(w, title: title)
        case .html: return html(w, title: title)
        }
    }

    static func html(_ w: Wireframe, title: String) -> String {
        var body = "<h1>\(HTML.escape(title))</h1>\n"
        body += "<p class=\"meta\">\(w.documentKind.rawValue), \(w.platform.rawValue): \(w.canvases.count) "
        body += (w.documentKind == .storyboard ? "scene" : "top-level object") + (w.canvases.count == 1 ? "" : "s") + "</p>\n"
        if let note = WireframeSVG.omittedNote(w) { body += "<p class=\"meta\">\(HTML.escape(note))</p>\n" }
        for c in w.canvases {
            body += "<figure class=\"canvas\" id=\"\(HTML.escape(c.id))\"><figcaption>\(HTML.escape(c.title))"
            if c.isInitial { body += " <span class=\"tag\">initial</span>" }
            body += " <code>\(HTML.escape(c.id))</code></figcaption>\n"
            body += WireframeSVG.canvas(c) + "</figure>\n"
        }
        return HTMLPage.page(title: title, body: body)
    }
}

/// The frame of every HTML page xibmerge writes: self-contained (inline CSS, no script, no
/// network), readable on a laptop screen, wireframes scaled down to the column they are in.
public enum HTMLPage {
    public static func page(title: String, body: String, extraCSS: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(HTML.escape(title))</title>
        <style>
        \(css)
        \(WireframeSVG.stylesheet)
        \(extraCSS)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let css = """
    body{font:14px/1.45 -apple-system,"Segoe UI","Helvetica Neue",Helvetica,Arial,sans-serif;color:#1f2328;background:#fff;margin:0 auto;padding:16px 24px;max-width:1400px}
    h1{font-size:20px;margin:8px 0}h2{font-size:17px;margin:24px 0 8px;padding-top:8px;border-top:1px solid #d0d7de}h3{font-size:15px;margin:16px 0 6px}
    code{font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f6f8fa;padding:1px 4px;border-radius:4px}
    .meta{color:#59636e}
    figure.canvas{display:inline-block;vertical-align:top;margin:12px 24px 24px 0;max-width:100%}figcaption{font-weight:600;margin-bottom:6px;max-width:100%}
    svg.wf{max-width:100%;height:auto;border:1px solid #d0d7de;border-radius:6px}
    .tag{display:inline-block;font-size:11px;font-weight:600;padding:0 6px;border-radius:10px;background:#ddf4ff;color:#0969da}
    """
}
