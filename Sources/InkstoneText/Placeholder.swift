// Placeholder: replaced as the InkstoneText target grows.
enum _InkstoneTextPlaceholder {}
