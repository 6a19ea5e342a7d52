fn main() {
    println!("cagec: work in progress");
}
