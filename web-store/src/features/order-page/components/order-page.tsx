export default function OrderPage() {
  return (
    <main id="main" className="container">
      <h1>OrderPage</h1>
    </main>
  );
}
