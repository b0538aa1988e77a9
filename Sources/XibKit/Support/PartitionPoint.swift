extension RandomAccessCollection where Index == Int {
    /// The index of the first element for which `isBefore` is false, by binary search: the
    /// elements must be partitioned, every one for which it holds coming first.
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
