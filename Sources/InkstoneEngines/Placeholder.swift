// Placeholder: replaced as the InkstoneEngines target grows.
enum _InkstoneEnginesPlaceholder {}
