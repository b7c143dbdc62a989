// Placeholder: replaced as the InkstoneDBus target grows.
enum _InkstoneDBusPlaceholder {}
