import os

import django

from scorekeeper.handler import Handler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
# What get_wsgi_application() does, with a request class that refuses an unreadable header
# with a 400 instead of raising before any middleware (scorekeeper/handler.py).
django.setup(set_prefix=False)
application = Handler()
