#!/usr/bin/python3
"""The client application of KeyboardIBus's tests: an IBus input context on the bus at
IBUS_ADDRESS, driven by JSON commands on stdin, reporting as JSON lines on stdout.

Run with Debian's /usr/bin/python3 (python3-gi, gir1.2-ibus-1.0). Modes:

  supervise COMMAND...    run COMMAND (ibus-daemon) and exit with its status; kill it with
                          SIGKILL when standard input ends, so that it cannot outlive the
                          test process that started this.
  wait-daemon             exit 0 once ibus-daemon at IBUS_ADDRESS accepts connections
                          (woken by its address file under XDG_CONFIG_HOME/ibus/bus).
  list-engines            print {"event": "engines", "names": [...]}, the engines ibus-daemon
                          can make (from XML or registered), and exit.
  client ENGINE CAPS      create an input context with capabilities CAPS, set ENGINE on it,
                          focus it, print {"event": "ready"}, then follow commands:
    {"cmd": "key", "id": N, "keyval": K, "keycode": C, "state": S}
        -> {"event": "key", "id": N, "handled": B} when ibus-daemon answers (after
           {"event": "error", "message": M} if it answers with an error)
    {"cmd": "surrounding", "text": T, "cursor": C, "anchor": A}
    {"cmd": "content_type", "purpose": P, "hints": H}
    {"cmd": "cursor", "x": X, "y": Y, "width": W, "height": H}   (set_cursor_location)
    {"cmd": "reset"} {"cmd": "focus_in"} {"cmd": "focus_out"}
    {"cmd": "bench", "keyval": K, "count": N}
        -> N keys one after another, each timed from sending to its commit-text;
           {"event": "bench", "micros": [...]}
    {"cmd": "quit"}
  and it reports the engine's doings:
    {"event": "commit", "text": T, "field": F}
    {"event": "delete", "offset": O, "count": N, "field": F}
    {"event": "preedit", "text": T, "cursor": C, "visible": B}
    {"event": "forward", "keyval": K, "keycode": C, "state": S}
    {"event": "auxiliary", "text": T, "visible": B}
    {"event": "require_surrounding"}
  where F is the client's own field after the change: the surrounding text last sent, with
  commits inserted and deletions applied at its cursor, in characters as IBus counts them.
"""

import json
import os
import subprocess
import sys
import threading
import time

import gi

gi.require_version("IBus", "1.0")
from gi.repository import Gio, GLib, IBus  # noqa: E402


def emit(event, **fields):
    fields["event"] = event
    sys.stdout.write(json.dumps(fields, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def address_file_directory():
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.environ["HOME"], ".config")
    return os.path.join(config, "ibus", "bus")


def supervise(command):
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL)

    def kill_at_end_of_input():
        sys.stdin.buffer.read()
        child.kill()

    threading.Thread(target=kill_at_end_of_input, daemon=True).start()
    sys.exit(child.wait())


def wait_daemon():
    """Returns once a connection to IBUS_ADDRESS succeeds, trying again on each change in the
    directory where ibus-daemon writes its address file once it listens."""
    address = os.environ["IBUS_ADDRESS"]
    directory = address_file_directory()
    os.makedirs(directory, exist_ok=True)
    loop = GLib.MainLoop()
    monitor = Gio.File.new_for_path(directory).monitor_directory(Gio.FileMonitorFlags.NONE, None)
    monitor.connect("changed", lambda *_: can_connect(address) and loop.quit())
    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_HUP, lambda *_: sys.exit(1))
    if not can_connect(address):
        loop.run()


def can_connect(address):
    flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
             | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    try:
        Gio.DBusConnection.new_for_address_sync(address, flags, None, None).close_sync(None)
        return True
    except GLib.Error:
        return False


def connect_bus():
    bus = IBus.Bus()
    if not bus.is_connected():
        emit("error", message="cannot connect to " + os.environ.get("IBUS_ADDRESS", "?"))
        sys.exit(2)
    return bus


class Field:
    """The client's text field: the surrounding text it reports, edited as the engine says."""

    def __init__(self):
        self.text = ""
        self.cursor = 0

    def insert(self, text):
        self.text = self.text[:self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)

    def delete(self, offset, count):
        start = self.cursor + offset
        if start < 0 or start + count > len(self.text):
            return
        self.text = self.text[:start] + self.text[start + count:]
        self.cursor = start


class Client:
    def __init__(self, bus, engine, capabilities, commands=True):
        self.loop = GLib.MainLoop()
        self.field = Field()
        self.bench = None
        self.buffer = b""
        ic = bus.create_input_context("appex-keyboard-test")
        self.ic = ic
        ic.connect("commit-text", self.on_commit)
        ic.connect("delete-surrounding-text", self.on_delete)
        ic.connect("update-preedit-text", self.on_preedit)
        ic.connect("forward-key-event", self.on_forward)
        ic.connect("update-auxiliary-text", self.on_auxiliary)
        ic.connect("hide-auxiliary-text", lambda _ic: emit("auxiliary", text=None, visible=False))
        ic.connect("g-signal", self.on_dbus_signal)
        ic.set_capabilities(capabilities)
        # ibus-daemon changes the engine of a focused context only. SetEngine answers once the
        # engine exists (IBusInputContext.set_engine does not wait for it).
        ic.focus_in()
        ic.call_sync("SetEngine", GLib.Variant("(s)", (engine,)), Gio.DBusCallFlags.NONE, -1, None)
        if commands:
            GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, self.on_stdin)

    def run(self):
        emit("ready")
        self.loop.run()

    # Signals of the input context.

    def on_commit(self, _ic, text):
        self.field.insert(text.get_text())
        if self.bench is not None:
            self.bench.committed()
        else:
            emit("commit", text=text.get_text(), field=self.field.text)

    def on_delete(self, _ic, offset, count):
        self.field.delete(offset, count)
        emit("delete", offset=offset, count=count, field=self.field.text)

    def on_preedit(self, _ic, text, cursor, visible):
        emit("preedit", text=text.get_text(), cursor=cursor, visible=visible)

    def on_forward(self, _ic, keyval, keycode, state):
        emit("forward", keyval=keyval, keycode=keycode, state=state)

    def on_auxiliary(self, _ic, text, visible):
        emit("auxiliary", text=text.get_text(), visible=visible)

    def on_dbus_signal(self, _proxy, _sender, name, _parameters):
        if name == "RequireSurroundingText":
            emit("require_surrounding")

    # Commands on stdin.

    def on_stdin(self, fd, condition):
        data = os.read(fd, 65536) if condition & GLib.IO_IN else b""
        if not data:
            self.loop.quit()
            return False
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            if line.strip():
                self.command(json.loads(line))
        return True

    def command(self, command):
        name = command["cmd"]
        if name == "key":
            self.send_key(command["keyval"], command.get("keycode", 0), command.get("state", 0),
                          lambda handled, key_id=command["id"]: emit("key", id=key_id, handled=handled))
        elif name == "surrounding":
            self.field.text = command["text"]
            self.field.cursor = command["cursor"]
            text = IBus.Text.new_from_string(command["text"])
            self.ic.set_surrounding_text(text, command["cursor"], command["anchor"])
        elif name == "content_type":
            self.ic.set_content_type(command["purpose"], command["hints"])
        elif name == "cursor":
            self.ic.set_cursor_location(command["x"], command["y"], command["width"], command["height"])
        elif name == "reset":
            self.ic.reset()
        elif name == "focus_in":
            self.ic.focus_in()
        elif name == "focus_out":
            self.ic.focus_out()
        elif name == "bench":
            self.bench = Bench(self, command["keyval"], command["count"], command.get("prefix"))
            self.bench.next_key()
        elif name == "quit":
            self.loop.quit()
        else:
            emit("error", message="unknown command " + name)

    def send_key(self, keyval, keycode, state, answered):
        def done(ic, result):
            try:
                answered(ic.process_key_event_async_finish(result))
            except GLib.Error as error:
                emit("error", message=error.message)
                answered(False)
        self.ic.process_key_event_async(keyval, keycode, state, -1, None, done)


class Bench:
    """Keys sent one at a time; each is timed from sending to its commit-text signal, and the
    next is sent once both the commit and the answer have arrived. With a prefix, the prefix
    key goes first, untimed, answered before the timed key is sent (a compose sequence's dead
    key, for IBus's simple engine)."""

    def __init__(self, client, keyval, count, prefix=None):
        self.client = client
        self.keyval = keyval
        self.prefix = prefix
        self.remaining = count
        self.micros = []
        self.sent_at = None
        self.pending = 0

    def next_key(self):
        if self.remaining == 0:
            self.client.bench = None
            emit("bench", micros=self.micros)
            if getattr(self.client, "quit_after_bench", False):
                self.client.loop.quit()
            return
        self.remaining -= 1
        if self.prefix is None:
            self.send_timed()
        else:
            self.client.send_key(self.prefix, 0, 0, lambda _handled: self.send_timed())

    def send_timed(self):
        self.pending = 2
        self.sent_at = time.perf_counter_ns()
        self.client.send_key(self.keyval, 0, 0, lambda _handled: self.step())

    def committed(self):
        self.micros.append((time.perf_counter_ns() - self.sent_at) // 1000)
        self.step()

    def step(self):
        self.pending -= 1
        if self.pending == 0:
            self.next_key()


def main():
    mode = sys.argv[1]
    if mode == "supervise":
        supervise(sys.argv[2:])
    elif mode == "wait-daemon":
        wait_daemon()
    elif mode == "list-engines":
        bus = connect_bus()
        # ListEngines has the engines of component XML; ListActiveEngines adds those of
        # components registered at run time.
        engines = bus.list_engines() + bus.list_active_engines()
        emit("engines", names=sorted({engine.get_name() for engine in engines}))
    elif mode == "client":
        Client(connect_bus(), sys.argv[2], int(sys.argv[3])).run()
    elif mode == "bench":
        # bench ENGINE CAPABILITIES KEYVAL COUNT PREFIX|- WAIT: COUNT keys timed to their
        # commits (appex-bench); with WAIT=wait-ready, once the engine's auxiliary text (a
        # keyboard starting) has been shown and hidden. Prints one "bench" line and exits.
        client = Client(connect_bus(), sys.argv[2], int(sys.argv[3]), commands=False)
        prefix = None if sys.argv[6] == "-" else int(sys.argv[6], 0)
        start = lambda: setattr(client, "bench", Bench(client, int(sys.argv[4], 0), int(sys.argv[5]), prefix)) or client.bench.next_key()
        if sys.argv[7] == "wait-ready":
            shown = []
            def on_update(_ic, text, visible):
                shown.append(text.get_text())
            def on_hide(_ic):
                if shown and client.bench is None:
                    start()
            client.ic.connect("update-auxiliary-text", on_update)
            client.ic.connect("hide-auxiliary-text", on_hide)
        else:
            GLib.idle_add(lambda: start() and False)
        client.quit_after_bench = True
        client.loop.run()
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
