import sys
from pathlib import Path

# Lets the tests import their helper modules (notebook_runner) by name.
sys.path.insert(0, str(Path(__file__).resolve().parent))
