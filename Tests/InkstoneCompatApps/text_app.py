#!/usr/bin/python3
"""A window with two one-line text fields, for typing through a stock input-method module.

Toolkits: gtk3, gtk4 (PyGObject), qt5 (PyQt5) and qt6 (PyQt6); the environment picks the module
(GTK_IM_MODULE, QT_IM_MODULE). After every change, and every 100 ms, the app writes
its state to --state, one `name<TAB>value` line each: first, second (the texts) and
active (1 when the window has the keyboard focus).
It runs the commands appended to --commands, one a line: focus-second, quit.
"""
import argparse
import os
import sys


class Harness:
    """State file and command file, shared by every toolkit."""

    def __init__(self, state_path, commands_path):
        self.state_path = state_path
        self.commands_path = commands_path
        self.done = 0
        self.last = None

    def write(self, state):
        text = "".join(f"{name}\t{value}\n" for name, value in state.items())
        if text == self.last:
            return
        self.last = text
        temporary = self.state_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, self.state_path)

    def new_commands(self):
        try:
            with open(self.commands_path, encoding="utf-8") as source:
                lines = [line.strip() for line in source if line.strip()]
        except FileNotFoundError:
            return []
        fresh = lines[self.done:]
        self.done = len(lines)
        return fresh


def run_gtk(version, harness, title):
    import gi
    gi.require_version("Gtk", f"{version}.0")
    from gi.repository import GLib, Gtk

    window = Gtk.Window(title=title)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
    first, second = Gtk.Entry(), Gtk.Entry()
    loop = GLib.MainLoop()
    if version == 3:
        box.pack_start(first, False, False, 0)
        box.pack_start(second, False, False, 0)
        window.add(box)
        window.connect("destroy", lambda *_: loop.quit())
    else:
        box.append(first)
        box.append(second)
        window.set_child(box)
        window.connect("close-request", lambda *_: loop.quit() or False)

    def publish(*_):
        harness.write({"first": first.get_text(), "second": second.get_text(), "active": int(window.is_active())})

    def tick():
        for command in harness.new_commands():
            if command == "focus-second":
                second.grab_focus()
            elif command == "quit":
                loop.quit()
        publish()
        return True

    first.connect("changed", publish)
    second.connect("changed", publish)
    GLib.timeout_add(100, tick)
    if version == 3:
        window.show_all()
    else:
        window.present()
    first.grab_focus()
    publish()
    loop.run()


def run_qt(version, harness, title):
    if version == 5:
        from PyQt5.QtCore import QTimer
        from PyQt5.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget
    else:
        from PyQt6.QtCore import QTimer
        from PyQt6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.setWindowTitle(title)
    layout = QVBoxLayout(window)
    first, second = QLineEdit(), QLineEdit()
    layout.addWidget(first)
    layout.addWidget(second)

    def publish(*_):
        harness.write({"first": first.text(), "second": second.text(), "active": int(window.isActiveWindow())})

    def tick():
        for command in harness.new_commands():
            if command == "focus-second":
                second.setFocus()
            elif command == "quit":
                app.quit()
        publish()

    first.textChanged.connect(publish)
    second.textChanged.connect(publish)
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(100)
    window.show()
    first.setFocus()
    (app.exec if version == 6 else app.exec_)()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--toolkit", choices=["gtk3", "gtk4", "qt5", "qt6"], required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--commands", required=True)
    parser.add_argument("--title", default="inkstone-text-app")
    arguments = parser.parse_args()
    harness = Harness(arguments.state, arguments.commands)
    version = int(arguments.toolkit[-1])
    if arguments.toolkit.startswith("qt"):
        run_qt(version, harness, arguments.title)
    else:
        run_gtk(version, harness, arguments.title)


if __name__ == "__main__":
    main()
