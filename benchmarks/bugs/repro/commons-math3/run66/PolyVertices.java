import org.apache.commons.math3.geometry.euclidean.twod.*;
import org.apache.commons.math3.geometry.partitioning.*;
public class PolyVertices {
  public static void main(String[] a) {
    double tol = 1e-10;
    // wedge: intersection of two half-planes (unbounded, valid region)
    Line l1 = new Line(new Vector2D(0, 0), new Vector2D(1, 0), tol);
    Line l2 = new Line(new Vector2D(0, 0), new Vector2D(0, 1), tol);
    Region<Euclidean2D> wedge = new RegionFactory<Euclidean2D>().intersection(
        new PolygonsSet(new BSPTree<Euclidean2D>(l1.wholeHyperplane(), new BSPTree<Euclidean2D>(Boolean.FALSE), new BSPTree<Euclidean2D>(Boolean.TRUE), null), tol),
        new PolygonsSet(new BSPTree<Euclidean2D>(l2.wholeHyperplane(), new BSPTree<Euclidean2D>(Boolean.FALSE), new BSPTree<Euclidean2D>(Boolean.TRUE), null), tol));
    PolygonsSet ps = (PolygonsSet) wedge;
    Vector2D[][] v = ps.getVertices();
    System.out.println("loops=" + v.length);
  }
}
