import InkstoneEngines

/// What a context's dictionary engine learns from: the service's stores, or
/// none for a field marked `sensitive` (passwords learn nothing).
extension InputContext {
    /// The learning provider for a context created with `options`.
    static func learning(options: ContextOptions, service: InkstoneService) -> LearningProvider {
        options.sensitive ? .none : service.learningProvider
    }
}
