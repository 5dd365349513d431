import LoopbackWeb

/// The page, its style and its script, served from the binary: nothing is loaded from
/// anywhere else.
enum SheetAssets {
    static let page = PageDocument.html(title: "Share", body: """
        <main id="sheet" class="sheet" aria-live="polite">
          <p class="status">Connecting…</p>
        </main>
        """)
}
