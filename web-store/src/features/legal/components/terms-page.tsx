export default function TermsPage() {
  return (
    <main id="main" className="container">
      <h1>TermsPage</h1>
    </main>
  );
}
