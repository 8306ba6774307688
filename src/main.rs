fn main() {
    spielblock::start()
}
