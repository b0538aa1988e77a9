print("xibmerge")
