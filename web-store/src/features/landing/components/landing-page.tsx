export function LandingPage() {
  return (
    <main id="main" className="container">
      <h1>County Data Store</h1>
    </main>
  );
}
