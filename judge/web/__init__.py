"""`judge serve`: a web page for judges (search, hyperlinked rules, cards, engine-checked rulings)
and a JSON API mirroring the command line. Needs the `web` extra: pip install -e '.[web]'.

    from judge.web.app import create_app      # FastAPI app
    from judge.web.site import Site           # the data behind the pages
"""
