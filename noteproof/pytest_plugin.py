"""pytest plugin: `pytest --noteproof` collects one test per claim (filled in later)."""


def pytest_addoption(parser):
    parser.getgroup("noteproof").addoption(
        "--noteproof", action="store_true", default=False,
        help="collect one test per claim of claims.yaml (run from the project root)")
