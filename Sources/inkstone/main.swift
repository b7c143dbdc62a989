print("inkstone: not built yet")
