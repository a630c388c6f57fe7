"""CLI: the command line, the only layer that prints or writes files.

Owns the parser and the entry point (main), --dps/--jobs/--timeout in one parent parser and
the option types (options), the verbs report, list, show and check (verbs), audit and scan
(auditcmd), terminal output, JSON on stdout and atomic writes (terminal) and the show/check
views (showview). May import every layer below; nothing in the engine imports it.
"""
