/// A loopback page's HTML: its title and body, with its own style (`app.css`) and
/// script (`app.js`) beside it and nothing from elsewhere.
package enum PageDocument {
    package static func html(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="stylesheet" href="app.css">
        <script src="app.js" defer></script>
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }
}
