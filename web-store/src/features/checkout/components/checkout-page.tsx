export default function CheckoutPage() {
  return (
    <main id="main" className="container">
      <h1>CheckoutPage</h1>
    </main>
  );
}
