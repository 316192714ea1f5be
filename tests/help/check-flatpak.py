#!/usr/bin/env python3
# check-flatpak.py MANIFEST: the Flatpak manifest is valid JSON and builds
# this application as the design says: app id, command, a GNOME runtime,
# no more permissions than a game needs, no network while building, and
# this source tree built by meson as the last module.
import json
import sys

ALLOWED_FINISH_ARGS = {
    '--share=ipc', '--socket=fallback-x11', '--socket=x11', '--socket=wayland',
    '--device=dri', '--socket=pulseaudio',
}

def main(path):
    problems = []
    try:
        with open(path, encoding='utf-8') as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        print(f'{path}: {e}')
        return 1

    def expect(key, value):
        if manifest.get(key) != value:
            problems.append(f'{key} is {manifest.get(key)!r}, not {value!r}')

    expect('app-id', 'io.github.dama.Dama')
    expect('command', 'dama')
    expect('runtime', 'org.gnome.Platform')
    expect('sdk', 'org.gnome.Sdk')
    if not isinstance(manifest.get('runtime-version'), str):
        problems.append('runtime-version must be a string')

    for arg in manifest.get('finish-args', []):
        if arg not in ALLOWED_FINISH_ARGS:
            problems.append(f'finish-arg {arg} gives more than the game needs')

    def walk(obj, where):
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == 'build-args' and '--share=network' in v:
                    problems.append(f'{where}: network access while building')
                walk(v, f'{where}/{k}')
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, f'{where}[{i}]')
    walk(manifest, '')

    modules = manifest.get('modules', [])
    if not modules or not isinstance(modules[-1], dict):
        problems.append('no modules')
    else:
        last = modules[-1]
        if last.get('name') != 'dama' or last.get('buildsystem') != 'meson':
            problems.append('the last module must be dama, built with meson')
        if {'type': 'dir', 'path': '..'} not in last.get('sources', []):
            problems.append('the dama module must build this tree (type dir, path "..")')
    for m in modules:
        for s in m.get('sources', []) if isinstance(m, dict) else []:
            if s.get('type') == 'git' and 'commit' not in s:
                problems.append(f"module {m.get('name')}: pin git sources to a commit")
            if s.get('type') in ('archive', 'file') and 'url' in s and 'sha256' not in s:
                problems.append(f"module {m.get('name')}: downloads need a sha256")

    for p in problems:
        print(f'{path}: {p}')
    if not problems:
        print(f'ok: {path}')
    return 1 if problems else 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
