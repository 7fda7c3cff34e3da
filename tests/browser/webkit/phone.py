#!/usr/bin/python3
"""A phone with WebKit (Safari's engine): a bare WebKitGTK window whose page is exactly the
phone's viewport, for WebKitWebDriver to drive (tests/helpers/phones.py). Debian's MiniBrowser
keeps a toolbar and a wider window.

Run by Debian's own Python (python3-gi and gir1.2-webkit2-4.1: the project's virtualenv has no
GObject bindings), started by WebKitWebDriver, which then opens its session through the
inspector server it names in the environment. PHONE_WIDTH and PHONE_HEIGHT give the viewport
(390 × 844 unless told); WebDriver's window size resizes it.
"""

import os

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

SIZE = int(os.environ.get("PHONE_WIDTH", 390)), int(os.environ.get("PHONE_HEIGHT", 844))


def main():
    # Nothing stored from one run to the next: a phone that never opened the app.
    context = WebKit2.WebContext(website_data_manager=WebKit2.WebsiteDataManager.new_ephemeral())
    context.set_automation_allowed(True)
    context.connect("automation-started", lambda _context, session: start(context, session))
    Gtk.main()


def start(context, session):
    about = WebKit2.ApplicationInfo()
    about.set_name("scorekeeper-phone")
    session.set_application_info(about)
    session.connect("create-web-view", lambda _session: window(context))


def window(context):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    frame = Gtk.Window()
    frame.set_default_size(*SIZE)
    frame.set_resizable(True)  # a test turns the phone into a smaller one (Phone.resize)
    frame.add(view)
    frame.connect("destroy", lambda _frame: Gtk.main_quit())
    view.connect("close", lambda _view: frame.destroy())
    frame.show_all()
    return view


if __name__ == "__main__":
    main()
