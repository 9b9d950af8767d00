"""Ruling scenarios (rulings/<game>/<mechanic>/*.ruling.yaml): loader (schema + line numbers), replay, verify, ablation report, verdicts."""
