"""The web app: the table screens and the JSON API, on top of the club and the rules engine.

`app.py` puts the app together. `base/` holds what every screen shares (the database
connection, bounds, languages, security, pages and htmx); above it one folder per family of
screens, each with its routes at a glance: `home/`, `table/`, `history/`, `players/`,
`season/` (seasons, nights, the draw), `live/`, `admin/`, `api/`.
"""
