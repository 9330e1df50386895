export default function PrivacyPage() {
  return (
    <main id="main" className="container">
      <h1>PrivacyPage</h1>
    </main>
  );
}
