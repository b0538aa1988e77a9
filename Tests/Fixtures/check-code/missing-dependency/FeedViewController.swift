import FancyKit

class FeedViewController: FancyBaseViewController {
    func load() { _ = UIStoryboard(name: "Feed", bundle: nil) }
}
