// Placeholder: replaced as the DBusKit target grows.
enum _DBusKitPlaceholder {}
