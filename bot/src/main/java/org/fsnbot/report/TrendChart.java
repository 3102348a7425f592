package org.fsnbot.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One metric's history as a picture (XChart, PNG and SVG): each point's
 * mean with its confidence interval as an error bar (a legend says so),
 * not joined by lines, each change point a vertical line labelled with its
 * commit range.
 */
public final class TrendChart {

    /** A point: when, the mean, its interval. */
    public record Point(Date at, double mean, double ciLow, double ciHigh) {
    }

    /** A change point: between which times it lies, and its label (the commit range). */
    public record Mark(Date at, String label) {
    }

    private TrendChart() {
    }

    /** Writes name.png and name.svg into dir. */
    public static void write(Path dir, String name, String title, String unit, List<Point> points, List<Mark> marks)
            throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(360).title(title).xAxisTitle("measured")
                .yAxisTitle(unit).build();
        // The legend says what a dot and its whiskers are; points are not joined: a job's base and patched
        // kernels share a time, and a line through both zig-zagged between two kernels' levels.
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setDatePattern("yyyy-MM-dd");
        chart.getStyler().setErrorBarsColor(java.awt.Color.GRAY);
        List<Date> x = points.stream().map(Point::at).toList();
        List<Double> y = points.stream().map(Point::mean).toList();
        List<Double> err = points.stream().map(p -> (p.ciHigh() - p.ciLow()) / 2).toList();
        XYSeries s = chart.addSeries("a kernel in a job: its mean over boots, whiskers its 95% interval", x, y, err);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        double top = points.stream().mapToDouble(Point::ciHigh).max().orElse(1);
        for (Mark m : marks) {
            chart.addAnnotation(new AnnotationLine(m.at().getTime(), true, false));
            chart.addAnnotation(new AnnotationText(m.label(), m.at().getTime(), top, false));
        }
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}
