# lit.cfg.py: user-rule tests through the CLI (each rule kind, priorities, bad rule files).
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "build"))
import lit_common
lit_common.configure(config, lit_config, os.path.dirname(__file__), "rules")
