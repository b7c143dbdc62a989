print("inkstoned: not built yet")
