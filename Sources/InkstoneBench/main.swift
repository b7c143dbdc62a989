print("inkstone-bench: not built yet")
