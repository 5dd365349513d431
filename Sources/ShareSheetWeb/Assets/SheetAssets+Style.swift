extension SheetAssets {
    static let style = #"""
        :root { color-scheme: light dark; --bg: #f2f2f7; --card: #fff; --text: #1c1c1e; --muted: #6e6e73;
          --line: #d8d8dc; --accent: #0a66d8; --danger: #c9302c; --ok: #1f8a3a; font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #1c1c1e; --text: #f2f2f7; --muted: #98989f; --line: #38383a; --accent: #4a9eff; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text); font-size: 15px; }
        .sheet { max-width: 560px; margin: 0 auto; padding: 16px; }
        .card { background: var(--card); border-radius: 14px; padding: 14px 16px; margin-bottom: 14px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
        h1 { font-size: 17px; text-align: center; margin: 4px 0 14px; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 8px; font-weight: 600; }
        .items { list-style: none; margin: 0; padding: 0; }
        .items li { display: flex; gap: 10px; align-items: center; padding: 6px 0; }
        .items li + li { border-top: 1px solid var(--line); }
        .kind { width: 36px; height: 36px; border-radius: 8px; background: var(--bg); display: grid; place-items: center; font-size: 18px; flex: none; overflow: hidden; }
        .kind img { width: 100%; height: 100%; object-fit: cover; }
        .name { font-weight: 500; overflow-wrap: anywhere; }
        .types { color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 10px; }
        .app { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 10px 4px; border: 0; background: none; color: inherit; border-radius: 12px; cursor: pointer; font: inherit; }
        .app:hover, .app:focus-visible { background: var(--bg); outline: 2px solid var(--accent); outline-offset: -2px; }
        .app img { width: 56px; height: 56px; border-radius: 13px; }
        .app span { font-size: 13px; text-align: center; overflow-wrap: anywhere; }
        .order { display: flex; gap: 4px; }
        .order button { font-size: 12px; padding: 2px 8px; }
        details summary { cursor: pointer; color: var(--accent); font-weight: 500; }
        .reasons { list-style: none; padding: 0; margin: 8px 0 0; }
        .reasons li { padding: 8px 0; border-top: 1px solid var(--line); }
        .reasons .why { color: var(--muted); font-size: 13px; margin-top: 2px; overflow-wrap: anywhere; }
        button { font: inherit; color: var(--accent); background: none; border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; cursor: pointer; }
        button:disabled { color: var(--muted); cursor: default; opacity: .6; }
        button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        .bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 10px; }
        .bar .title { font-weight: 600; text-align: center; flex: 1; overflow-wrap: anywhere; }
        .bar button { border: 0; padding: 6px 4px; }
        .primary { font-weight: 600; }
        textarea { width: 100%; min-height: 120px; resize: vertical; border: 1px solid var(--line); border-radius: 10px; padding: 10px; font: inherit; color: inherit; background: var(--bg); }
        .preview { display: flex; gap: 8px; align-items: center; color: var(--muted); font-size: 13px; margin-bottom: 8px; overflow-wrap: anywhere; }
        .counter { text-align: right; color: var(--muted); font-size: 13px; margin-top: 4px; }
        .counter.over { color: var(--danger); font-weight: 600; }
        .config { list-style: none; margin: 10px 0 0; padding: 0; border-top: 1px solid var(--line); }
        .config button, .choices button { width: 100%; display: flex; justify-content: space-between; gap: 12px; border: 0; border-bottom: 1px solid var(--line); border-radius: 0; padding: 11px 2px; color: var(--text); text-align: left; }
        .config .value, .choices .mark { color: var(--muted); }
        .choices .mark.on { color: var(--accent); font-weight: 700; }
        .spinner { display: inline-block; width: 14px; height: 14px; border: 2px solid var(--line); border-top-color: var(--accent); border-radius: 50%; animation: spin .8s linear infinite; vertical-align: -2px; }
        @keyframes spin { to { transform: rotate(360deg); } }
        .notice { color: var(--danger); font-size: 13px; margin-top: 8px; min-height: 1em; }
        .status { text-align: center; color: var(--muted); padding: 24px 0; }
        .outcome { text-align: center; padding: 10px 0; }
        .outcome .mark { font-size: 40px; }
        .outcome.completed .mark { color: var(--ok); }
        .outcome.failed .mark, .outcome.cancelled .mark { color: var(--danger); }
        .returned { text-align: left; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); border-radius: 8px; padding: 8px 10px; font-size: 13px; }
        .edit { display: flex; justify-content: flex-end; margin-top: 6px; }
        .link { border: 0; padding: 2px 4px; font-size: 14px; }
        .app .glyph { width: 56px; height: 56px; border-radius: 13px; background: var(--bg); display: grid; place-items: center; font-size: 30px; color: var(--accent); }
        .switches { list-style: none; margin: 0; padding: 0; }
        .switches li { display: flex; align-items: center; gap: 10px; padding: 8px 0; border-top: 1px solid var(--line); }
        .switches li:first-child { border-top: 0; }
        .switches img { width: 32px; height: 32px; border-radius: 8px; }
        .switches .name { flex: 1; }
        input[role=switch] { appearance: none; width: 44px; height: 26px; border-radius: 13px; background: var(--line); position: relative; cursor: pointer; margin: 0; transition: background .15s; }
        input[role=switch]::after { content: ""; position: absolute; top: 2px; left: 2px; width: 22px; height: 22px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.3); transition: left .15s; }
        input[role=switch]:checked { background: var(--ok); }
        input[role=switch]:checked::after { left: 20px; }
        input[role=switch]:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
        input[type=text], input[type=password] { width: 100%; border: 1px solid var(--line); border-radius: 10px; padding: 10px; font: inherit; color: inherit; background: var(--bg); margin-top: 4px; }
        .custom iframe { display: block; width: 100%; height: min(520px, 72vh); border: 0; border-radius: 10px; background: var(--bg); }
        .actions { display: flex; justify-content: center; margin-top: 6px; }
        .view .elements { display: flex; flex-direction: column; gap: 10px; }
        .view .heading { font-size: 20px; font-weight: 700; overflow-wrap: anywhere; }
        .view .text, .view .caption { margin: 0; overflow-wrap: anywhere; }
        .view .caption { color: var(--muted); font-size: 13px; }
        .view .row { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid var(--line); }
        .view .row .value { color: var(--muted); text-align: right; }
        .view .picture { max-width: 100%; max-height: 240px; object-fit: contain; border-radius: 10px; align-self: center; }
        .view .control { align-self: stretch; padding: 10px 12px; font-weight: 600; }
        .view .toggle { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 4px 0; }
        .view textarea { min-height: 96px; }
        .scrim { position: fixed; inset: 0; background: rgba(0,0,0,.35); display: grid; place-items: center; padding: 16px; z-index: 10; }
        .dialog { background: var(--card); border-radius: 14px; width: min(300px, 100%); padding: 18px 16px 12px; text-align: center; box-shadow: 0 10px 40px rgba(0,0,0,.3); }
        .dialog h2 { font-size: 17px; color: var(--text); text-transform: none; letter-spacing: 0; margin: 0 0 6px; }
        .dialog p { margin: 0 0 12px; font-size: 13px; overflow-wrap: anywhere; }
        .dialog input { margin: 0 0 10px; }
        .dialog-actions { display: flex; gap: 8px; margin-top: 6px; }
        .dialog-actions button { flex: 1; padding: 9px 6px; }
        .dialog-actions.stacked { flex-direction: column; }
        .dialog-actions .destructive { color: var(--danger); }
        [inert] { opacity: .55; }
        @media (max-width: 420px) { .sheet { padding: 8px; } .grid { grid-template-columns: repeat(3, 1fr); } }
        """#
}
