// The shared core (errors, offset units, unit-carrying ranges, suggestions) is
// part of the text model's API: code that imports InkstoneText sees it too.
@_exported import InkstoneCore
