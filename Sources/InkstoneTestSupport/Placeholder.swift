// Placeholder: replaced as the InkstoneTestSupport target grows.
enum _InkstoneTestSupportPlaceholder {}
