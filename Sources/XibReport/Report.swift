import XibKit
