import LoopbackWeb

/// The web dashboard's page, style and script, served from the binary: nothing is loaded
/// from anywhere else (the share sheet's strict headers, `SheetResponses`).
enum TodayAssets {
    static let page = PageDocument.html(title: "Today", body: """
        <main id="today" class="today">
          <header class="top"><h1>Today</h1><span id="count" class="count"></span>
            <button id="refresh" type="button" disabled>Refresh</button></header>
          <div id="cards" class="cards"><p class="empty">Connecting…</p></div>
          <p id="status" class="status" role="status" aria-live="polite"></p>
        </main>
        """)

    static let style = #"""
        :root { color-scheme: light dark; --bg: #e9e9ee; --card: rgba(255,255,255,.92); --text: #1c1c1e; --muted: #6e6e73;
          --line: #d8d8dc; --accent: #0a66d8; --danger: #c9302c; font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #1c1c1e; --text: #f2f2f7; --muted: #98989f; --line: #38383a; --accent: #4a9eff; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text); font-size: 15px; }
        .today { max-width: 376px; margin: 0 auto; padding: 12px 12px 48px; }
        .top { display: flex; align-items: baseline; gap: 8px; margin: 4px 4px 12px; }
        .top h1 { font-size: 28px; margin: 0; }
        .count { color: var(--muted); flex: 1; }
        button { font: inherit; color: var(--accent); background: none; border: 1px solid var(--line); border-radius: 8px; padding: 5px 12px; cursor: pointer; }
        button:disabled { color: var(--muted); cursor: default; opacity: .6; }
        button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        .cards { display: flex; flex-direction: column; gap: 12px; }
        .widget { background: var(--card); border-radius: 14px; box-shadow: 0 1px 3px rgba(0,0,0,.1); overflow: hidden; }
        .widget > header { display: flex; align-items: center; gap: 8px; padding: 8px 14px; border-bottom: 1px solid var(--line); font-size: 13px; }
        .widget > header .name { font-weight: 600; text-transform: uppercase; letter-spacing: .03em; flex: 1; overflow-wrap: anywhere; }
        .widget > header .state { color: var(--muted); }
        .widget.failed > header .state { color: var(--danger); font-weight: 600; }
        .widget > header button { border: 0; padding: 2px 4px; font-size: 13px; }
        .body { padding: 10px 14px; overflow: hidden; box-sizing: content-box; }
        .widget.stale .body { opacity: .55; }
        .body > * + * { margin-top: 6px; }
        .body .title { font-weight: 600; font-size: 16px; }
        .body .text { overflow-wrap: anywhere; }
        .body .caption { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
        .body .row { display: flex; justify-content: space-between; gap: 12px; }
        .body .row span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .body .row span:last-child { color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; }
        .body hr { border: 0; border-top: 1px solid var(--line); }
        .body img { display: block; max-width: 100%; border-radius: 8px; }
        .body .picture { color: var(--muted); font-style: italic; }
        .body .open { display: inline-block; margin-right: 6px; }
        .empty { color: var(--muted); text-align: center; padding: 24px 0; }
        .status { color: var(--muted); font-size: 13px; min-height: 1.3em; text-align: center; overflow-wrap: anywhere; }
        """#
}
