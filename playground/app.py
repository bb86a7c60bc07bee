"""The servable entry for ``panel serve`` and ``panel convert ... --to pyodide-worker``.

A script, not a library module: running it builds one app for this session
and marks it servable. Import ``playground.Playground`` for Python use.
"""

import panel as pn

from playground.serve import enable_tcp_nodelay
from playground.ui import APP_TITLE, create_app

pn.extension(notifications=False)
enable_tcp_nodelay()  # no-op without a Bokeh server (Pyodide)

create_app().servable(title=APP_TITLE)
