#!/usr/bin/env python3
# test-a11y.py: the board as a screen reader sees it, over AT-SPI
#
# Runs tests/app/a11y-board (a board view in a window) and reads its
# accessible tree on the accessibility bus: one grid cell a square, each
# naming its square and piece, the keyboard cursor moving the focus from
# cell to cell, the pieces that must capture said in the cell's
# description, and a status whose text changes with each move.
# Exit 77 (skipped) only when the accessibility bus cannot start.
#
# Usage: test-a11y.py PATH-TO-a11y-board (under an X server)
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ctypes
import os
import select
import signal
import subprocess
import sys
import time

# G_DEBUG=fatal-warnings is for the board, not for this reader: the
# reader's library (libatspi) warns when it asks an object that is not
# there yet, for instance the registry's cache while the bus starts, and
# that is no fault of the app. Taken out before GLib is loaded (it reads
# G_DEBUG once, when it loads) and given back to the board below.
BOARD_G_DEBUG = os.environ.pop('G_DEBUG', None)

import gi  # noqa: E402
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402

# Only stops a test that would never end; never a measure of speed.
HUNG_AFTER = 120.0

results = []

PR_SET_PDEATHSIG = 1


def die_with_test():
    """In a child, before exec: the kernel ends it when the test ends,
    however the test ends (a time limit's signal runs no clean-up)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def on_signal(signum, frame):
    # Leave through the finally clauses, which stop the bus and board.
    raise SystemExit(1)


def check(name, ok, detail=''):
    results.append(ok)
    print(('ok' if ok else 'not ok') + ' %d %s%s' % (len(results), name,
                                                    '' if ok else ' # ' + detail))
    sys.stdout.flush()


def start_session_bus():
    """A private session bus, whose services (the accessibility bus and
    its registry) write nothing into the test's output. Returns the
    daemon's process, or None."""
    read_end, write_end = os.pipe()
    try:
        daemon = subprocess.Popen(['dbus-daemon', '--session', '--nofork',
                                   '--print-address=%d' % write_end],
                                  stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL,
                                  pass_fds=(write_end,),
                                  preexec_fn=die_with_test)
    except OSError:
        return None
    finally:
        os.close(write_end)
    with os.fdopen(read_end) as f:
        address = f.readline().strip()
    if not address:
        daemon.wait(timeout=60)
        return None
    os.environ['DBUS_SESSION_BUS_ADDRESS'] = address
    return daemon


def bus_available():
    try:
        out = subprocess.run(['dbus-send', '--session', '--dest=org.a11y.Bus',
                              '--print-reply', '/org/a11y/bus',
                              'org.a11y.Bus.GetAddress'],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and 'unix:' in out.stdout


class Board:
    def __init__(self, program):
        env = dict(os.environ)
        # The test environment turns the accessibility bridge off.
        env.pop('NO_AT_BRIDGE', None)
        env['GTK_A11Y'] = 'atspi'
        if BOARD_G_DEBUG is not None:
            env['G_DEBUG'] = BOARD_G_DEBUG
        self.proc = subprocess.Popen([program], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env,
                                     preexec_fn=die_with_test)
        assert self.answer('start') == 'ready'

    def answer(self, what):
        """The board's next line; a board that never answers fails the
        test rather than hanging it."""
        ready, _, _ = select.select([self.proc.stdout], [], [], HUNG_AFTER)
        if not ready:
            raise AssertionError('hung waiting for the board: ' + what)
        return self.proc.stdout.readline().strip()

    def command(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()
        answer = self.answer(line)
        if answer != 'ok':
            raise AssertionError('%s: %s' % (line, answer))

    def close(self):
        try:
            self.proc.stdin.write('quit\n')
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        # A sanitizer's report (a leak, undefined behaviour) fails here.
        return self.proc.wait(timeout=60)


def wait_for(what, probe):
    """Polls probe() until it returns something true; the AT-SPI events
    cross the bus, so the tree catches up a moment after the app."""
    end = time.monotonic() + HUNG_AFTER
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError('hung waiting for ' + what)
        # Events reach the listeners through the main loop.
        while GLib.MainContext.default().iteration(False):
            pass
        time.sleep(0.05)


class Events:
    """The events a screen reader hears: what changed, on which object
    (by name), with what."""

    def __init__(self, *types):
        self.seen = []
        self.listener = Atspi.EventListener.new(self.on_event)
        for t in types:
            self.listener.register(t)

    def on_event(self, event):
        try:
            name = event.source.get_name()
        except GLib.Error:
            name = None
        self.seen.append((event.type, name, event.detail1, event.any_data))

    def find(self, match):
        for e in self.seen:
            if match(*e):
                return e
        return None


def children(node):
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None:
            yield child


def find(node, match):
    if match(node):
        return node
    for child in children(node):
        found = find(child, match)
        if found is not None:
            return found
    return None


def application():
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        if app.get_name() == 'dama-a11y-board':
            return app
    return None


def grid():
    app = application()
    if app is None:
        return None
    return find(app, lambda n: n.get_role() == Atspi.Role.TABLE)


def cells(table):
    return [c for c in children(table) if c.get_role() == Atspi.Role.TABLE_CELL]


def cell_named(table, name):
    for c in cells(table):
        if c.get_name() == name:
            return c
    return None


def status_text():
    """The status's text, once its name says the same (readers use
    either)."""
    app = application()
    status = find(app, lambda n: n.get_role() == Atspi.Role.STATUS_BAR)
    if status is None:
        return None
    text = status.get_text_iface()
    if text is None:
        return None
    content = text.get_text(0, text.get_character_count())
    return content if status.get_name() == content else None


def focused_cell(table):
    for c in cells(table):
        if c.get_state_set().contains(Atspi.StateType.FOCUSED):
            return c
    return None


def main():
    if len(sys.argv) != 2:
        print('usage: test-a11y.py PATH-TO-a11y-board', file=sys.stderr)
        return 2
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, on_signal)
    daemon = start_session_bus()
    try:
        if daemon is None or not bus_available():
            print('1..0 # SKIP the accessibility bus cannot start')
            return 77
        Atspi.init()
        board = Board(sys.argv[1])
        try:
            run(board)
        finally:
            status = board.close()
            check('the board program ends cleanly', status == 0, 'exit status %d' % status)
    finally:
        if daemon is not None:
            daemon.terminate()
            daemon.wait(timeout=60)
    print('1..%d' % len(results))
    return 0 if all(results) else 1


def run(board):
    table = wait_for('the board on the accessibility bus', grid)
    check('the grid is named', table.get_name() == 'Board', table.get_name())
    n = len(cells(table))
    check('Czech draughts: 32 cells', n == 32, str(n))
    check('a cell names its square and piece',
          cell_named(table, 'e3, white man') is not None)
    check('an empty square says so', cell_named(table, 'd4, empty') is not None)
    check('black pieces too', cell_named(table, 'f6, black man') is not None)

    # A move: the cells follow and the status announces it.
    before = status_text()
    check('the status says nothing before a move', before == '', repr(before))
    board.command('play c3-d4')
    wait_for('d4 to hold the man', lambda: cell_named(table, 'd4, white man'))
    check('the moved piece left its square', cell_named(table, 'c3, empty') is not None)
    after = wait_for('the status to change', lambda: (status_text() or '') != (before or '')
                     and status_text())
    check('the status announces the move', after == 'White played c3-d4.', repr(after))
    board.command('play f6-e5')
    after = wait_for('the reply', lambda: status_text() != 'White played c3-d4.'
                     and status_text())
    check('the reply is announced with the capture it forces',
          after == 'Black played f6-e5. White must capture: d4.', repr(after))
    capturer = cell_named(table, 'd4, white man')
    check('the piece that must capture says so',
          capturer is not None and capturer.get_description() == 'must capture',
          capturer.get_description() if capturer else 'no d4')

    # The keyboard cursor moves the focus from cell to cell, and a
    # reader is told (the event it follows to say the square).
    events = Events('object:state-changed:focused',
                    'object:property-change:accessible-description')
    board.command('focus')
    board.command('key Down')
    first = wait_for('a focused cell', lambda: focused_cell(table))
    check('the cursor starts on the piece that can move',
          first.get_name() == 'd4, white man', first.get_name())
    told = wait_for('the focus event', lambda: events.find(
        lambda kind, name, detail, data: kind == 'object:state-changed:focused'
        and detail == 1 and name == 'd4, white man'))
    check('the reader is told the focused square', told is not None)

    # A move while a cell has the focus: the reader hears it as a new
    # description of the focused object, which it speaks.
    board.command('play d4:f6')
    told = wait_for('the announcement on the focused cell', lambda: events.find(
        lambda kind, name, detail, data: kind.endswith('accessible-description')
        and data == 'White played d4:f6. Black must capture: e7, g7.'))
    check('the move is told on the focused cell', told is not None)
    board.command('key Up')
    second = wait_for('the focus to move', lambda: (focused_cell(table) is not None
                                                    and focused_cell(table).get_name()
                                                    != 'd4, empty'
                                                    and focused_cell(table)))
    check('Up moves the focus to the cell above',
          second.get_name() in ('c5, empty', 'e5, empty'), second.get_name())

    # Numbered boards: the squares as players of the variant name them.
    board.command('new international')
    table = wait_for('the new grid', lambda: grid() is not None
                     and len(cells(grid())) == 50 and grid())
    check('international draughts: 50 cells', len(cells(table)) == 50)
    check('numbered squares', cell_named(table, '20, black man') is not None
          and cell_named(table, '31, white man') is not None
          and cell_named(table, '25, empty') is not None)
    board.command('new international W:WK23:B10')
    wait_for('the king', lambda: cell_named(table, '23, white king'))
    check('a king is named', True)


if __name__ == '__main__':
    sys.exit(main())
