// Placeholder: replaced as the InkstoneService target grows.
enum _InkstoneServicePlaceholder {}
