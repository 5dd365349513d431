/// The page, its style and its script, served from the binary: nothing is loaded from
/// anywhere else.
enum SheetAssets {
    static let page = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Share</title>
        <link rel="stylesheet" href="app.css">
        <script src="app.js" defer></script>
        </head>
        <body>
        <main id="sheet" class="sheet" aria-live="polite">
          <p class="status">Connecting…</p>
        </main>
        </body>
        </html>
        """
}
