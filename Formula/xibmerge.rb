# Homebrew formula (this repository is its own tap):
#   brew tap xibmerge/xibmerge https://github.com/xibmerge/xibmerge
#   brew install xibmerge
# It builds from source, with libgit2 built from its release and linked statically
# (Scripts/static-libgit2): nothing that `brew upgrade` moves can stop an installed merge driver.
class Xibmerge < Formula
  desc "Merge, diff and check Interface Builder files (.xib, .storyboard) structurally"
  homepage "https://github.com/xibmerge/xibmerge"
  url "https://github.com/xibmerge/xibmerge.git", tag: "v0.1.0"
  head "https://github.com/xibmerge/xibmerge.git", branch: "main"

  depends_on "cmake" => :build
  depends_on "pkgconf" => :build
  depends_on xcode: ["16.3", :build] # Swift 6.1: the manifest's swift-tools-version
  depends_on macos: :ventura # the package's floor, macOS 13

  uses_from_macos "swift" => :build

  # libgit2 without its network transports, built by Scripts/static-libgit2 (the same release
  # and checksum it pins).
  resource "libgit2" do
    url "https://github.com/libgit2/libgit2/archive/refs/tags/v1.9.7.tar.gz"
    sha256 "1a4fbe7589e814777ae76b64734ad80f4ecad22cd33a22682a2aaea4ae5375e7"
  end

  def install
    resource("libgit2").stage(buildpath/"libgit2-source")
    ENV["LIBGIT2_SOURCE"] = (buildpath/"libgit2-source").to_s
    # This machine's architecture only; Scripts/release makes the universal binary.
    ENV["LIBGIT2_ARCHITECTURES"] = Hardware::CPU.arm? ? "arm64" : "x86_64" if OS.mac?
    ENV["XIBMERGE_LIBGIT2"] = "source"
    # SwiftPM's own sandbox cannot nest in Homebrew's.
    ENV["XIBMERGE_BUILD_FLAGS"] = "--disable-sandbox" if OS.mac?
    system "Scripts/build", "xibmerge"
    bin.install ".build/release/xibmerge"
    generate_completions_from_executable(bin/"xibmerge", "completions")
    (man1/"xibmerge.1").write Utils.safe_popen_read(bin/"xibmerge", "manpage")
    pkgshare.install "Examples"
  end

  def caveats
    <<~EOS
      To merge and diff .xib and .storyboard files with xibmerge in every repository:
        xibmerge install --global
      git is given the path you ran it by (#{HOMEBREW_PREFIX}/bin/xibmerge), which upgrades keep.
    EOS
  end

  test do
    # A real three-way merge of a bundled example: ours is its edited version, theirs changes
    # another label's text; the result keeps both and passes check.
    cp pkgshare/"Examples/BannerView.xib", testpath/"base.xib"
    cp pkgshare/"Examples/diff/BannerView.xib", testpath/"ours.xib"
    (testpath/"theirs.xib").write (testpath/"base.xib").read.sub('text="Details?"', 'text="Learn what syncs"')
    system bin/"xibmerge", "merge", "base.xib", "ours.xib", "theirs.xib"
    merged = (testpath/"ours.xib").read
    assert_match 'text="Sign in to sync"', merged
    assert_match 'text="Learn what syncs"', merged
    system bin/"xibmerge", "check", "ours.xib"
    assert_match(/^\d+\.\d+\.\d+$/, shell_output("#{bin}/xibmerge --version").strip)
  end
end
