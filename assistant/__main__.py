"""Command line: `python -m assistant replay|serve|...`."""

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="replay a match record and print its result")
    replay.add_argument("record", nargs="?", help="a match record file (allfives-match/1)")
    replay.add_argument("--jsonl", action="store_true", help="one record per line on stdin")

    serve = commands.add_parser("serve", help="serve the web app with waitress")
    serve.add_argument("--host", default="0.0.0.0")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", help="SQLite file (default: instance/allfives.sqlite)")

    password = commands.add_parser("admin-password", help="set the club admin password")
    password.add_argument("--file", help="hash file (default: instance/admin_password)")

    copy = commands.add_parser("backup", help="copy the database consistently, even while serving")
    copy.add_argument("target", help="the backup file to write")
    copy.add_argument("--db", help="SQLite file (default: instance/allfives.sqlite)")

    commands.add_parser(
        "translations", help="re-extract the messages and update the catalogs (developers)"
    )

    rebuild = commands.add_parser("rebuild-stats", help="rebuild the club's statistics cache")
    rebuild.add_argument("--db", help="SQLite file (default: instance/allfives.sqlite)")

    check = commands.add_parser(
        "check", help="verify the database: SQLite's integrity check, every record replayed"
    )
    check.add_argument("--db", help="SQLite file (default: instance/allfives.sqlite)")

    load = commands.add_parser("import", help="import a club file (an export, or match records)")
    load.add_argument("file", help="the JSON file: allfives-club/1, a list of records, or one")
    load.add_argument("--db", help="SQLite file (default: instance/allfives.sqlite)")
    load.add_argument("--import-id", type=int, help=argparse.SUPPRESS)  # the web page's row
    load.add_argument("--remove", action="store_true", help=argparse.SUPPRESS)  # its upload

    args = parser.parse_args(argv)
    if args.command in ("serve", "rebuild-stats", "import", "check"):
        from assistant.db import DatabaseFault, default_database, restore_steps

        try:
            return _run(args)
        except DatabaseFault as fault:  # said for the organiser, with no traceback
            print(f"{args.command}: {fault}", file=sys.stderr)
            if fault.damaged:
                print(restore_steps(args.db or default_database()), file=sys.stderr)
            return 1
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.command == "replay":
        from assistant.engine.cli import replay_command

        return replay_command(args.record, args.jsonl)
    if args.command == "serve":
        from assistant.web.serve import serve_command

        return serve_command(args.host, args.port, args.db)
    if args.command == "admin-password":
        from assistant.web.base.auth import admin_password_command

        return admin_password_command(args.file)
    if args.command == "backup":
        from assistant.backup import backup_command

        return backup_command(args.target, args.db)
    if args.command == "translations":
        from assistant.web.base.catalogs import update_catalogs

        print("\n".join(update_catalogs()))
        return 0
    if args.command == "rebuild-stats":
        from assistant.club.opening import rebuild_command

        return rebuild_command(args.db)
    if args.command == "import":
        from assistant.club.store.import_process import import_command

        return import_command(args.file, args.db, args.import_id, args.remove)
    if args.command == "check":
        from assistant.club.verify import check_command

        return check_command(args.db)
    return 2


if __name__ == "__main__":
    sys.exit(main())
