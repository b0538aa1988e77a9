import UIKit

class BaseCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!
    @IBAction func tapped(_ sender: UIButton) {}
}

class ProfileCell: BaseCell {}

class ProfileCellOwner: NSObject {
    @IBOutlet var cell: ProfileCell!
    @IBAction func ownerTapped() {}
}
