import Foundation
import PopupDialog
import Habitica_Models

class ChallengeFilterAlert: UIViewController {

    @IBOutlet weak private var doneButton: UIButton!
    @IBOutlet weak private var allGroupsButton: UIButton!
    @IBOutlet weak private var noGroupsButton: UIButton!

    init() {
        super.init(nibName: "ChallengeFilterAlert", bundle: nil)
    }

    @IBAction func doneTapped(_ sender: Any) {
        self.dismiss(animated: true, completion: nil)
    }
    @IBAction func allGroupsTapped(_ sender: Any) {
        shownGuilds.removeAll()
    }

    @IBAction func noGroupsTapped(_ sender: Any) {
        shownGuilds.removeAll()
    }
}
