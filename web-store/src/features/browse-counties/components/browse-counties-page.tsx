export default function BrowseCountiesPage() {
  return (
    <main id="main" className="container">
      <h1>BrowseCountiesPage</h1>
    </main>
  );
}
