"""Versions of a corpus: what changed between two of them (`judge diff`), entry ids kept across
versions, and how an entry read in each version of its document.

    old, new = open_side("git:HEAD~1", corpus), open_side(str(corpus), corpus)
    report = diff_report(old, new)            # per game: added, removed, changed, renamed, ...

sources.py opens a side (a corpus folder, a game folder, one document, a git revision);
compare.py matches entries (by id, then renamed ones by content and position) and word-diffs them;
report.py adds the scenarios each change touches and renders the terminal report.
"""
